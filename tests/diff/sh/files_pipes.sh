# files in the working directory, pipes, here-documents, subshells
cat > data.csv <<'CSV'
a,b
1,2
3,4
CSV
wc -l < data.csv
cut -d, -f2 data.csv | tail -n +2 | paste -sd+ | bc 2>/dev/null || awk -F, 'NR>1{s+=$2} END{print s}' data.csv
(cd /tmp && pwd)
ls
sort -r data.csv | head -2
rm data.csv
[ -e data.csv ] || echo removed
