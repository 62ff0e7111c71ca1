System.out.println("step 1");
System.err.println("warning: step 1 was slow");
System.out.println("step 2");
System.err.println("error: step 2 failed");
