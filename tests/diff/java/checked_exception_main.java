import java.io.*;

public class Main {
    public static void main(String[] args) throws IOException {
        System.out.println("reading a file that does not exist");
        try (BufferedReader r = new BufferedReader(new FileReader("missing.txt"))) {
            System.out.println(r.readLine());
        }
    }
}
