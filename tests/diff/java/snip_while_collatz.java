long n = 27;
int steps = 0;
long peak = n;
while (n != 1) {
    n = (n % 2 == 0) ? n / 2 : 3 * n + 1;
    peak = Math.max(peak, n);
    steps++;
}
System.out.println("steps=" + steps + " peak=" + peak);
