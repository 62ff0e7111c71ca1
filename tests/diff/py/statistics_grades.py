import statistics as st
scores = {"ann": [88, 92, 79], "ben": [65, 70, 58], "cat": [95, 98, 100], "dan": [72, 85, 80]}
for name, s in scores.items():
    print(f"{name}: mean={st.mean(s):.2f} median={st.median(s)} stdev={st.stdev(s):.3f}")
allv = [v for s in scores.values() for v in s]
print("overall", st.mean(allv), st.pstdev(allv), st.mode([1, 2, 2, 3]))
print(st.quantiles(allv, n=4))
print(st.fmean([1.5, 2.5]), st.harmonic_mean([1, 2, 4]))
