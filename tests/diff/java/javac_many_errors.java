// More than 20 compile errors: javac reports up to 100 (its default)
public class Main {
    public static void main(String[] args) {
        int v0 = undefined0;
        int v1 = undefined1;
        int v2 = undefined2;
        int v3 = undefined3;
        int v4 = undefined4;
        int v5 = undefined5;
        int v6 = undefined6;
        int v7 = undefined7;
        int v8 = undefined8;
        int v9 = undefined9;
        int v10 = undefined10;
        int v11 = undefined11;
        int v12 = undefined12;
        int v13 = undefined13;
        int v14 = undefined14;
        int v15 = undefined15;
        int v16 = undefined16;
        int v17 = undefined17;
        int v18 = undefined18;
        int v19 = undefined19;
        int v20 = undefined20;
        int v21 = undefined21;
        int v22 = undefined22;
        int v23 = undefined23;
        int v24 = undefined24;
    }
}
