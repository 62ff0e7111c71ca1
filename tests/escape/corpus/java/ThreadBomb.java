// Thread bomb: threads that never end, until the deadline or the pids cap.
// sbx-args: -t 1
// sbx-expect: timeout|error|memory_limit
public class ThreadBomb {
    public static void main(String[] a) {
        for (;;) {
            try {
                Thread t = new Thread(() -> { try { Thread.sleep(1000000); } catch (InterruptedException e) { } });
                t.setDaemon(true);
                t.start();
            } catch (Throwable e) { }
        }
    }
}
