import java.util.*;
List<Integer> primes = new ArrayList<>();
outer:
for (int n = 2; primes.size() < 15; n++) {
    for (int p : primes) {
        if (p * p > n) break;
        if (n % p == 0) continue outer;
    }
    primes.add(n);
}
System.out.println(primes);
