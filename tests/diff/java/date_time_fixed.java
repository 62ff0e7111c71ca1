import java.time.*;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;

public class Main {
    public static void main(String[] args) {
        LocalDate d = LocalDate.of(2024, 2, 28);
        System.out.println(d + " " + d.plusDays(1) + " " + d.plusDays(2) + " " + d.isLeapYear() + " " + d.getDayOfWeek());
        System.out.println(ChronoUnit.DAYS.between(LocalDate.of(2024, 1, 1), LocalDate.of(2024, 12, 25)));
        LocalDateTime t = LocalDateTime.of(2023, 12, 31, 23, 59, 30);
        System.out.println(t.plusSeconds(45) + " " + t.format(DateTimeFormatter.ofPattern("dd/MM/yyyy HH:mm")));
        ZonedDateTime z = ZonedDateTime.of(t, ZoneId.of("UTC"));
        System.out.println(z + " " + z.toInstant().toEpochMilli());
        System.out.println(Instant.ofEpochSecond(1_700_000_000L) + " " + Duration.ofMinutes(135) + " " + Period.between(LocalDate.of(2000, 1, 15), d));
        System.out.println(LocalDate.parse("2024-07-04").getDayOfYear() + " " + YearMonth.of(2024, 2).lengthOfMonth());
    }
}
