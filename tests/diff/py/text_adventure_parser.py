rooms = {
    "hall": {"desc": "A long hall.", "exits": {"north": "library", "east": "kitchen"}},
    "library": {"desc": "Dusty books everywhere.", "exits": {"south": "hall"}, "item": "key"},
    "kitchen": {"desc": "Smells of bread.", "exits": {"west": "hall"}},
}
script = ["look", "go north", "take key", "go west", "go south", "go east", "inventory", "quit"]
here, inv = "hall", []
for cmd in script:
    verb, _, arg = cmd.partition(" ")
    if verb == "look":
        print(rooms[here]["desc"], "Exits:", ", ".join(rooms[here]["exits"]))
    elif verb == "go":
        if arg in rooms[here]["exits"]:
            here = rooms[here]["exits"][arg]
            print(f"You go {arg} to the {here}.")
        else:
            print("You can't go that way.")
    elif verb == "take" and rooms[here].get("item") == arg:
        inv.append(rooms[here].pop("item"))
        print(f"Taken: {arg}")
    elif verb == "inventory":
        print("You carry:", inv or "nothing")
    elif verb == "quit":
        print("Bye!")
        break
