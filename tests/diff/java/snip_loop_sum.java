int sum = 0;
for (int i = 1; i <= 100; i++) {
    sum += i;
}
System.out.println("Sum 1..100 = " + sum);
System.out.printf("Average: %.2f%n", sum / 100.0);
