dna <- "ATGCGCGATTACAGGCTTAA"
bases <- strsplit(dna, "")[[1]]
table(bases)
gc <- mean(bases %in% c("G", "C"))
cat(sprintf("GC content: %.1f%%\n", gc * 100))
comp <- c(A = "T", T = "A", G = "C", C = "G")
paste(rev(comp[bases]), collapse = "")
codons <- substring(dna, seq(1, nchar(dna) - 2, 3), seq(3, nchar(dna), 3))
codons
