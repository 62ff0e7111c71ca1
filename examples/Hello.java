// sbx run examples/Hello.java
// sbx compiles it once and caches the classes: the second run starts at JVM
// speed. Inputs are in inputs.json in the working directory.
import java.nio.file.Files;
import java.nio.file.Path;

public class Hello {
	public static void main(String[] args) throws Exception {
		String inputs = Files.readString(Path.of("inputs.json"));
		System.out.println("Hello from Java, inputs: " + inputs);
	}
}
