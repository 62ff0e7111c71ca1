// java.base's internals are closed to a program's reflection under java
// itself (no --add-opens): sbx once opened java.io to every program, so
// this printed "opened" under sbx and "closed" under java.
import java.io.FileDescriptor;
import java.lang.reflect.Field;

public class Main {
    public static void main(String[] args) throws Exception {
        Field f = FileDescriptor.class.getDeclaredField("fd");
        try {
            f.setAccessible(true);
            System.out.println("opened: " + f.getName());
        } catch (RuntimeException e) {
            System.out.println("closed: " + e.getClass().getName());
        }
    }
}
