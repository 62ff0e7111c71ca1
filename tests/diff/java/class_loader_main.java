// The main class and its neighbours come from the system class loader, as
// under java Main (sbx's launcher, which waits at the gate before it looks
// at the classes, loads them through that loader); a class not yet used is
// found on its first use.
class Later {
    static String where() {
        return "Later: " + (Later.class.getClassLoader() == ClassLoader.getSystemClassLoader());
    }
}

public class Main {
    public static void main(String[] args) throws Exception {
        System.out.println("Main: " + (Main.class.getClassLoader() == ClassLoader.getSystemClassLoader()));
        System.out.println("context: " + (Thread.currentThread().getContextClassLoader() == ClassLoader.getSystemClassLoader()));
        System.out.println(Later.where());
        System.out.println("by name: " + Class.forName("Later").getSimpleName());
        System.out.println("resource: " + (Main.class.getResource("Main.class") != null));
        System.out.println("thread: " + Thread.currentThread().getName());
    }
}
