import java.util.Arrays;
int[] scores = {88, 92, 79, 65, 95, 70};
int[] sorted = scores.clone();
Arrays.sort(sorted);
System.out.println(Arrays.toString(sorted));
double avg = Arrays.stream(scores).average().orElse(0);
System.out.printf("avg=%.3f max=%d%n", avg, Arrays.stream(scores).max().getAsInt());
String[][] table = {{"a", "1"}, {"b", "2"}};
System.out.println(Arrays.deepToString(table));
