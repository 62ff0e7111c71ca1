import java.util.function.*;
Function<Integer, Integer> square = x -> x * x;
BinaryOperator<Integer> add = (a, b) -> a + b;
UnaryOperator<String> shout = s -> s.toUpperCase() + "!";
System.out.println(square.apply(7) + " " + add.apply(2, 3) + " " + shout.apply("hey"));
Function<Integer, Integer> plus1 = x -> x + 1;
System.out.println(square.compose(plus1).apply(4) + " " + square.andThen(plus1).apply(4));
