public class Main {
    public static void main(String[] args) {
        System.out.println("café ✓ 中文 😀");
        String s = "naïve";
        System.out.println(s.length() + " " + s.toUpperCase() + " " + s.codePointCount(0, s.length()));
        System.out.println("😀".length() + " " + "😀".codePointCount(0, 2));
        System.out.printf("%s|%-6s|%n", "ü", "é");
    }
}
