String name = null;
System.out.println("name is " + name);
System.out.println(name.length());
