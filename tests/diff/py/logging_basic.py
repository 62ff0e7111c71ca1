import logging
logging.basicConfig(level=logging.INFO, format="%(levelname)s:%(name)s:%(message)s")
log = logging.getLogger("app")
log.debug("hidden")
log.info("starting with %d workers", 4)
print("work happens")
log.warning("disk at %d%%", 91)
log.error("failed: %s", "timeout")
logging.getLogger().info("root logger")
