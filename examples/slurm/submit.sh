#!/bin/sh
# Submits the array (TASKS tasks) and its merge step; prints the merge
# job's id. Example: sh submit.sh requests.ndjson out 8
set -eu
here=$(cd "$(dirname "$0")" && pwd)
input=$1
outdir=$2
tasks=${3:-4}
job=$(sbatch --parsable --array=0-$((tasks - 1)) "$here/sbx-batch.sbatch" "$input" "$outdir")
sbatch --parsable --dependency=afterany:"$job" "$here/merge.sbatch" "$outdir" "$outdir/merged.ndjson"
