import java.math.BigDecimal;
import java.math.RoundingMode;
BigDecimal price = new BigDecimal("19.99");
BigDecimal qty = new BigDecimal("3");
BigDecimal subtotal = price.multiply(qty);
BigDecimal tax = subtotal.multiply(new BigDecimal("0.0825")).setScale(2, RoundingMode.HALF_UP);
System.out.println("subtotal " + subtotal + " tax " + tax + " total " + subtotal.add(tax));
System.out.println(0.1 + 0.2 + " vs " + new BigDecimal("0.1").add(new BigDecimal("0.2")));
