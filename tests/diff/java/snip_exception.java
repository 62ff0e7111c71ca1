int[] data = {1, 2, 3};
System.out.println("first: " + data[0]);
System.out.println("fourth: " + data[3]);
