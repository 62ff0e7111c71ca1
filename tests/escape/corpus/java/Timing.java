// Timing: a shutdown hook that spins, signals ignored, a sleep loop.
// sbx-args: -t 1
// sbx-expect: timeout
public class Timing {
    public static void main(String[] a) throws Exception {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> { for (;;) { } }));
        for (String s : new String[] {"TERM", "INT", "HUP"})
            try { sun.misc.Signal.handle(new sun.misc.Signal(s), sig -> { }); } catch (Throwable e) { }
        for (;;) { try { Thread.sleep(10); } catch (InterruptedException e) { } }
    }
}
