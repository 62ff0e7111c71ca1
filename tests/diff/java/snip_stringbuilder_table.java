StringBuilder sb = new StringBuilder();
for (int i = 1; i <= 5; i++) {
    for (int j = 1; j <= 5; j++) sb.append(String.format("%4d", i * j));
    sb.append('\n');
}
System.out.print(sb);
