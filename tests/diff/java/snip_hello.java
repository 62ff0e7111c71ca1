System.out.println("Hello from a snippet");
int x = 6 * 7;
System.out.println("x = " + x);
