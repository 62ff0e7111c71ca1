import java.nio.file.*;
import java.util.*;

public class Main {
    public static void main(String[] args) throws Exception {
        Path p = Paths.get("out.txt");
        Files.write(p, List.of("alpha", "beta", "gamma"));
        List<String> lines = Files.readAllLines(p);
        System.out.println(lines + " " + Files.size(p));
        Files.writeString(p, "delta\n", StandardOpenOption.APPEND);
        System.out.println(Files.readString(p).lines().count());
        Files.delete(p);
        System.out.println(Files.exists(p));
    }
}
