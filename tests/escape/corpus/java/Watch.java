// Java: inotify instances are a per-user kernel limit (128) shared with the
// host, charged to root through a root-made user namespace: a run holding
// them all breaks file watching for the user's other programs (issue 12).
// A WatchService is refused in every mode.
// sbx-expect: ok
// sbx-want: BLOCKED
import java.nio.file.*;
import java.util.*;

public class Watch {
    public static void main(String[] a) {
        List<WatchService> held = new ArrayList<>();
        try {
            for (int i = 0; i < 200; i++)
                held.add(FileSystems.getDefault().newWatchService());
            System.out.println("ESCAPED held " + held.size() + " inotify instances");
        } catch (Exception e) {
            System.out.println((held.isEmpty() ? "BLOCKED " : "ESCAPED " + held.size() + " then ")
                + "WatchService: " + e.getMessage());
        }
    }
}
