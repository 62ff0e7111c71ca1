import java.time.*;
LocalDate start = LocalDate.of(2024, 1, 31);
for (int i = 0; i < 4; i++) System.out.println(start.plusMonths(i) + " " + start.plusMonths(i).getDayOfWeek());
System.out.println(Duration.between(LocalTime.of(9, 15), LocalTime.of(17, 40)));
