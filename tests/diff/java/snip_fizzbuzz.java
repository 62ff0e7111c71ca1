for (int i = 1; i <= 20; i++) {
    String s = i % 15 == 0 ? "FizzBuzz" : i % 3 == 0 ? "Fizz" : i % 5 == 0 ? "Buzz" : String.valueOf(i);
    System.out.print(s + (i < 20 ? " " : "\n"));
}
