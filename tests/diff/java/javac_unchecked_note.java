// javac warns on success: its Note lines are on stderr, as after javac
import java.util.*;

public class Main {
    public static void main(String[] args) {
        List raw = new ArrayList();
        raw.add("x");
        List<String> typed = raw;
        System.out.println(typed.get(0));
    }
}
