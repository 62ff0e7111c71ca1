public class Main {
    static int parsePort(String s) {
        int p = Integer.parseInt(s);
        if (p < 1 || p > 65535) throw new IllegalArgumentException("port out of range: " + p);
        return p;
    }
    public static void main(String[] args) {
        System.out.println("port " + parsePort("8080"));
        System.out.println("port " + parsePort("70000"));
    }
}
