System.out.println("checking");
boolean ok = "a".compareTo("b") > 0;
if (!ok) {
    System.err.println("check failed");
    System.exit(2);
}
