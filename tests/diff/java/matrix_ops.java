public class Main {
    static double[][] mul(double[][] a, double[][] b) {
        double[][] c = new double[a.length][b[0].length];
        for (int i = 0; i < a.length; i++)
            for (int j = 0; j < b[0].length; j++)
                for (int k = 0; k < b.length; k++) c[i][j] += a[i][k] * b[k][j];
        return c;
    }
    static void print(double[][] m) {
        for (double[] row : m) {
            StringBuilder sb = new StringBuilder();
            for (double v : row) sb.append(String.format("%8.2f", v));
            System.out.println(sb);
        }
    }
    public static void main(String[] args) {
        double[][] a = {{1, 2}, {3, 4}, {5, 6}};
        double[][] b = {{0.5, -1, 2}, {1.5, 0, 1}};
        print(mul(a, b));
        System.out.println(java.util.Arrays.deepToString(mul(b, a)));
    }
}
