import java.util.*;
import java.util.concurrent.*;
import java.util.concurrent.atomic.*;

public class Main {
    public static void main(String[] args) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(3);
        List<Future<Integer>> fs = new ArrayList<>();
        for (int i = 1; i <= 5; i++) {
            final int n = i;
            fs.add(pool.submit(() -> n * n));
        }
        int total = 0;
        for (Future<Integer> f : fs) total += f.get();
        System.out.println("sum of squares: " + total);
        AtomicInteger counter = new AtomicInteger();
        CountDownLatch latch = new CountDownLatch(4);
        for (int t = 0; t < 4; t++) pool.submit(() -> { for (int k = 0; k < 1000; k++) counter.incrementAndGet(); latch.countDown(); });
        latch.await();
        System.out.println("counter: " + counter.get());
        CompletableFuture<String> cf = CompletableFuture.supplyAsync(() -> "async", pool).thenApply(s -> s + " done");
        System.out.println(cf.get());
        pool.shutdown();
        System.out.println(pool.awaitTermination(5, TimeUnit.SECONDS));
    }
}
