import sqlite3
con = sqlite3.connect(":memory:")
cur = con.cursor()
cur.execute("CREATE TABLE books (id INTEGER PRIMARY KEY, title TEXT, author TEXT, year INT, rating REAL)")
cur.executemany("INSERT INTO books (title, author, year, rating) VALUES (?, ?, ?, ?)", [
    ("Dune", "Herbert", 1965, 4.3), ("Emma", "Austen", 1815, 4.0), ("Persuasion", "Austen", 1817, 4.2),
    ("Neuromancer", "Gibson", 1984, 3.9), ("Ubik", "Dick", 1969, 4.1)])
con.commit()
for row in cur.execute("SELECT author, COUNT(*), ROUND(AVG(rating), 2) FROM books GROUP BY author ORDER BY 2 DESC, 1"):
    print(row)
print(cur.execute("SELECT title FROM books WHERE year > ? ORDER BY year", (1900,)).fetchall())
con.row_factory = sqlite3.Row
r = con.execute("SELECT * FROM books WHERE title = 'Dune'").fetchone()
print(dict(r), r["year"])
try:
    con.execute("SELECT nope FROM books")
except sqlite3.OperationalError as e:
    print("OperationalError:", e)
