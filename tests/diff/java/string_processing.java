import java.util.*;

public class Main {
    static boolean isPalindrome(String s) {
        String c = s.toLowerCase().replaceAll("[^a-z0-9]", "");
        return new StringBuilder(c).reverse().toString().equals(c);
    }
    static String caesar(String s, int k) {
        StringBuilder sb = new StringBuilder();
        for (char ch : s.toCharArray()) {
            if (Character.isUpperCase(ch)) sb.append((char) ('A' + (ch - 'A' + k) % 26));
            else if (Character.isLowerCase(ch)) sb.append((char) ('a' + (ch - 'a' + k) % 26));
            else sb.append(ch);
        }
        return sb.toString();
    }
    public static void main(String[] args) {
        for (String s : new String[]{"A man, a plan, a canal: Panama", "hello", "Was it a car or a cat I saw?"})
            System.out.println(isPalindrome(s) + " <- " + s);
        System.out.println(caesar("Hello, World!", 3) + " " + caesar(caesar("Hello, World!", 3), 23));
        Map<Character, Integer> freq = new TreeMap<>();
        for (char c : "mississippi".toCharArray()) freq.merge(c, 1, Integer::sum);
        System.out.println(freq);
        System.out.println("2024-01-15".matches("\\d{4}-\\d{2}-\\d{2}") + " " + "a1b2c3".replaceAll("\\d", "#") + " " + Arrays.toString("one  two three".split("\\s+")));
    }
}
