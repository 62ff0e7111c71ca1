String input = "abc";
System.out.println("parsing " + input);
int n = Integer.parseInt(input);
System.out.println(n);
