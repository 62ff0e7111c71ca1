import java.util.*;

public class Main {
    public static void main(String[] args) {
        int[] a = {5, 3, 9, 1, 7};
        int[] b = a.clone();
        Arrays.sort(b);
        System.out.println(Arrays.toString(a) + " " + Arrays.toString(b));
        System.out.println(Arrays.binarySearch(b, 7) + " " + Arrays.stream(a).sum() + " " + Arrays.stream(a).max().getAsInt());
        int[][] grid = new int[3][4];
        for (int i = 0; i < 3; i++) for (int j = 0; j < 4; j++) grid[i][j] = i * j;
        System.out.println(Arrays.deepToString(grid));
        String[] words = {"pear", "Apple", "fig", "banana"};
        Arrays.sort(words, Comparator.comparing(String::length).thenComparing(Comparator.reverseOrder()));
        System.out.println(String.join(",", words));
        Integer[] boxed = {3, 1, 2};
        Arrays.sort(boxed, Collections.reverseOrder());
        System.out.println(Arrays.asList(boxed));
        char[] filled = new char[5];
        Arrays.fill(filled, '*');
        System.out.println(new String(filled) + " " + Arrays.equals(new int[]{1}, new int[]{1}));
        System.out.println(Arrays.toString(Arrays.copyOfRange(a, 1, 3)));
    }
}
