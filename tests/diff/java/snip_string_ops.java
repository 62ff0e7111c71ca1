String s = "Hello, Java Snippets";
System.out.println(s.toUpperCase());
System.out.println(s.length() + " " + s.charAt(7) + " " + s.substring(7, 11));
System.out.println(new StringBuilder(s).reverse());
System.out.println(String.join("|", s.split(", ")));
var chars = s.chars().filter(Character::isUpperCase).count();
System.out.println("uppercase letters: " + chars);
