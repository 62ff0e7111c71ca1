// The JVM's command as java Main shows it (the class, then the arguments)
public class Main {
    public static void main(String[] args) {
        System.out.println("command: " + System.getProperty("sun.java.command"));
        System.out.println("args: " + args.length);
    }
}
