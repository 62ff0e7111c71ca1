import java.util.*;

public class Main {
    static String city(Map<String, String> user) {
        return user.get("city").toUpperCase();
    }
    public static void main(String[] args) {
        Map<String, String> u = new HashMap<>();
        u.put("name", "kim");
        System.out.println("looking up city");
        System.out.println(city(u));
    }
}
