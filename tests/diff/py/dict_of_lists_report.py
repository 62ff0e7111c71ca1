grades = {
    "math": {"ann": 91, "bob": 78, "cy": 85},
    "art": {"ann": 70, "bob": 95, "cy": 88},
    "bio": {"ann": 84, "bob": 81, "cy": 79},
}
students = sorted({s for g in grades.values() for s in g})
print("student " + " ".join(f"{subj:>5}" for subj in grades) + "   avg")
for s in students:
    marks = [grades[subj][s] for subj in grades]
    print(f"{s:<8}" + " ".join(f"{m:>5}" for m in marks) + f" {sum(marks) / len(marks):5.1f}")
best = {subj: max(g, key=g.get) for subj, g in grades.items()}
print(best)
