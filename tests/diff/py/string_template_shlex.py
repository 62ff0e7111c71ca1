from string import Template, ascii_lowercase, digits, punctuation, capwords
import shlex
t = Template("Hello $name, you owe $$${amount}")
print(t.substitute(name="Sam", amount="12.50"))
print(Template("$a and $b").safe_substitute(a=1))
print(ascii_lowercase[:5], digits, len(punctuation), capwords("hello   big world"))
print(shlex.split('cmd --flag "quoted arg" \'single q\' plain'))
print(shlex.quote("it's a file.txt"), shlex.join(["ls", "-l", "my dir"]))
