import java.util.*;

public class Main {
    static class Account {
        private static int nextId = 1000;
        private final int id;
        private final String owner;
        private double balance;
        private final List<String> log = new ArrayList<>();
        Account(String owner, double initial) { this.id = nextId++; this.owner = owner; this.balance = initial; }
        void deposit(double amt) { if (amt <= 0) throw new IllegalArgumentException("deposit must be positive"); balance += amt; log.add("+" + amt); }
        boolean withdraw(double amt) { if (amt > balance) { log.add("denied " + amt); return false; } balance -= amt; log.add("-" + amt); return true; }
        @Override public String toString() { return String.format("#%d %s: %.2f %s", id, owner, balance, log); }
    }
    public static void main(String[] args) {
        Account a = new Account("Ann", 50), b = new Account("Ben", 10);
        a.deposit(25.5);
        System.out.println(a.withdraw(100) + " " + b.withdraw(5));
        a.withdraw(70);
        System.out.println(a);
        System.out.println(b);
        try { b.deposit(-1); } catch (IllegalArgumentException e) { System.out.println("error: " + e.getMessage()); }
    }
}
