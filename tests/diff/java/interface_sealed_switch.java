public class Main {
    sealed interface Expr permits Num, Add, Mul {}
    record Num(double v) implements Expr {}
    record Add(Expr l, Expr r) implements Expr {}
    record Mul(Expr l, Expr r) implements Expr {}
    static double eval(Expr e) {
        if (e instanceof Num n) return n.v();
        if (e instanceof Add a) return eval(a.l()) + eval(a.r());
        if (e instanceof Mul m) return eval(m.l()) * eval(m.r());
        throw new IllegalStateException();
    }
    static String show(Expr e) {
        if (e instanceof Num n) return String.valueOf(n.v());
        if (e instanceof Add a) return "(" + show(a.l()) + " + " + show(a.r()) + ")";
        Mul m = (Mul) e;
        return show(m.l()) + " * " + show(m.r());
    }
    public static void main(String[] args) {
        Expr e = new Mul(new Add(new Num(2), new Num(3)), new Num(4.5));
        System.out.println(show(e) + " = " + eval(e));
        System.out.println(e);
    }
}
