// Java: a work directory built to survive its removal (issue 12): a chain
// of 300 directories, a read-only directory holding 50 MiB, a read-only
// tree of 5,000 files. The driver checks the run's TMPDIR (inside the work
// directory) is gone after the run.
// sbx-args: -t 60
// sbx-expect: ok
// sbx-want: BLOCKED
import java.nio.file.*;
import java.nio.file.attribute.PosixFilePermissions;

public class WorkdirSurvive {
    static void chmod(Path p, String perms) throws Exception {
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString(perms));
    }
    public static void main(String[] a) throws Exception {
        String tmp = System.getenv("TMPDIR");
        System.out.println("TMPDIR=" + tmp);
        Path p = Path.of(tmp);
        for (int i = 0; i < 300; i++) p = p.resolve("d");
        Files.createDirectories(p);
        Path ro = Files.createDirectory(Path.of("ro"));
        byte[] ten = new byte[10 << 20];
        for (int i = 0; i < 5; i++) Files.write(ro.resolve("big" + i), ten);
        chmod(ro, "r-xr-xr-x");
        Path many = Files.createDirectory(Path.of("many"));
        for (int i = 0; i < 10; i++) {
            Path d = Files.createDirectory(many.resolve("" + i));
            for (int k = 0; k < 500; k++) Files.createFile(d.resolve("" + k));
            chmod(d, "r-x------");
        }
        chmod(many, "r-x------");
        chmod(Path.of("."), "r-x------");
        System.out.println("BLOCKED only if the driver finds the work directory gone");
    }
}
