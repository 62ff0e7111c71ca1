public class Main {
    public static void main(String[] args) {
        StringBuilder sb = new StringBuilder();
        for (int i = 1; i <= 5; i++) sb.append(i).append(i < 5 ? "," : "\n");
        System.out.print(sb);
        System.out.println(sb.reverse());
        String s = "  Hello, Java World  ";
        System.out.println("[" + s.trim() + "] [" + s.strip() + "] " + s.isBlank());
        System.out.println(s.toUpperCase().trim().replace("JAVA", "J") + " " + s.indexOf("Java") + " " + s.contains("World"));
        System.out.println(String.join("-", "a", "b", "c") + " " + "ab".repeat(3) + " " + "x,y,,z".split(",").length);
        System.out.println(String.format("|%-8s|%8s|%08.3f|%,d|%x|%e|", "left", "right", 3.14159, 1234567, 255, 12345.678));
        System.out.println(String.format("%5.1f%% %b %c %10.4s|", 45.678, true, 'Z', "truncated"));
        System.out.println("compare: " + "apple".compareTo("banana") + " " + "a".equalsIgnoreCase("A"));
        char[] cs = "hello".toCharArray();
        java.util.Arrays.sort(cs);
        System.out.println(new String(cs) + " " + String.valueOf(3.0) + " " + Integer.toBinaryString(10) + " " + Integer.parseInt("-42"));
        System.out.println("text block:\n" + """
            line one
              indented
            end""");
    }
}
