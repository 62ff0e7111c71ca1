System.out.println(Math.sqrt(144) + " " + Math.pow(2, 10) + " " + Math.abs(-3.5));
System.out.println(Math.max(3, 7) + " " + Math.floor(-1.5) + " " + Math.ceil(-1.5) + " " + Math.round(1.4999));
System.out.println(Math.PI + " " + Math.E);
System.out.println(Math.sin(Math.PI / 2) + " " + Math.log10(1000) + " " + Math.hypot(5, 12));
System.out.println(17 / 5 + " " + 17 % 5 + " " + 17.0 / 5);
