public class Main {
    static class ServiceException extends RuntimeException {
        ServiceException(String msg, Throwable cause) { super(msg, cause); }
    }
    static int load(String s) {
        try {
            return Integer.parseInt(s);
        } catch (NumberFormatException e) {
            throw new ServiceException("could not load config value '" + s + "'", e);
        }
    }
    public static void main(String[] args) {
        System.out.println(load("12"));
        System.out.println(load("twelve"));
    }
}
