import java.io.*;
System.out.println("before");
if (true) throw new IOException("disk not ready");
System.out.println("after");
