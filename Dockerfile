# The vtlab server as a container image, on the official Open Liberty image. The "full" image already
# holds every feature server.xml names, so nothing is downloaded at build time.
#   ./mvnw -DskipTests package && docker build -t vtlab .
#   docker run -p 9080:9080 -e DISPATCH_MODE=executor-virtual -e REMOTE_HOST=remote.example -e REMOTE_PORT=9081 vtlab
# Not built in vtlab's CI: that machine has no container engine (see docs/deploy.md).
FROM icr.io/appcafe/open-liberty:full-java21-openj9-ubi

COPY --chown=1001:0 app/server-config/server.xml /config/server.xml
COPY --chown=1001:0 app/server-config/jvm.options /config/jvm.options
# What each DISPATCH_MODE adds (server.xml includes modes/<mode>.xml), and vtlab's Liberty user features for
# executor-virtual and pool-virtual-workers, as ./mvnw package built them into the app module's Liberty.
COPY --chown=1001:0 app/server-config/modes /config/modes
COPY --chown=1001:0 app/server-config/platform /config/platform
COPY --chown=1001:0 app/target/liberty/wlp/usr/extension/lib /opt/ol/wlp/usr/extension/lib
COPY --chown=1001:0 app/target/vtlab.war /config/apps/vtlab.war
# The remote system is plain JDK classes (its own and the limits it shares with the bank), not in the
# war; the same image runs it (deploy/k8s/remote.yaml).
COPY --chown=1001:0 remote-system/target/classes/dev/vtlab/remotesystem /opt/vtlab/classes/dev/vtlab/remotesystem
COPY --chown=1001:0 contract/target/classes/dev/vtlab/remoteapi /opt/vtlab/classes/dev/vtlab/remoteapi

# In a container the server must listen beyond loopback, and the remote system is another container
# or host (REMOTE_HOST / REMOTE_PORT), never a child process of the server.
ENV HTTP_HOST="*" \
    REMOTE_MODE=external

EXPOSE 9080

# The image's own step: applies its defaults and warms the shared class cache.
RUN configure.sh
