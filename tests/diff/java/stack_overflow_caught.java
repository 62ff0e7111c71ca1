public class Main {
    static int calls = 0;
    static void recurse() { calls++; recurse(); }
    public static void main(String[] args) {
        try {
            recurse();
        } catch (StackOverflowError e) {
            System.out.println("StackOverflowError caught: " + (calls > 1000));
        }
    }
}
