from dataclasses import dataclass, asdict, field
from datetime import date
import json
@dataclass
class Task:
    title: str
    due: date
    done: bool = False
    tags: list = field(default_factory=list)
tasks = [Task("file taxes", date(2024, 4, 15), tags=["money"]), Task("dentist", date(2024, 3, 2), True)]
print(tasks[0])
print(json.dumps([asdict(t) for t in tasks], default=str, indent=1))
overdue = [t.title for t in tasks if not t.done and t.due < date(2024, 5, 1)]
print(overdue)
