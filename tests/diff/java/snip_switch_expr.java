String[] days = {"MON", "SAT", "WED", "SUN"};
for (String d : days) {
    String kind = switch (d) {
        case "SAT", "SUN" -> "weekend";
        default -> {
            String w = "weekday";
            yield w + " (" + d.toLowerCase() + ")";
        }
    };
    System.out.println(d + ": " + kind);
}
