import java.io.FileReader;
import java.util.Collection;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.ExecutionException;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.DeleteAclsResult;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.acl.AccessControlEntry;
import org.apache.kafka.common.acl.AccessControlEntryFilter;
import org.apache.kafka.common.acl.AclBinding;
import org.apache.kafka.common.acl.AclBindingFilter;
import org.apache.kafka.common.acl.AclOperation;
import org.apache.kafka.common.acl.AclPermissionType;
import org.apache.kafka.common.resource.PatternType;
import org.apache.kafka.common.resource.ResourcePattern;
import org.apache.kafka.common.resource.ResourcePatternFilter;
import org.apache.kafka.common.resource.ResourceType;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * The Java client against ACLs (tests/integration/test_acls.py, test_sasl_acls.py). args: the client's properties
 * file (mutual TLS or SASL), the admin's bootstrap (a super user's listener), the topic, the client's principal,
 * and optionally the admin's properties file (its login). Prints one line per step:
 * "denied <exception>", "created", "produced <offset>", "described <n>", "deleted <n>", "denied-again <exception>".
 */
public class AclJudge {
    public static void main(String[] args) throws Exception {
        Properties tls = new Properties();
        try (FileReader in = new FileReader(args[0])) {
            tls.load(in);
        }
        String adminBootstrap = args[1], topic = args[2], principal = args[3];
        Properties a = new Properties();
        if (args.length > 4) {  // the admin's own client properties (a SASL super user), else plain bootstrap
            try (FileReader in = new FileReader(args[4])) {
                a.load(in);
            }
        }
        a.put("bootstrap.servers", adminBootstrap);
        try (Admin admin = Admin.create(a)) {
            System.out.println("denied " + produceFailure(tls, topic));
            AclBinding write = new AclBinding(new ResourcePattern(ResourceType.TOPIC, topic, PatternType.LITERAL),
                new AccessControlEntry(principal, "*", AclOperation.WRITE, AclPermissionType.ALLOW));
            admin.createAcls(List.of(write)).all().get();
            System.out.println("created");
            System.out.println("produced " + produce(tls, topic).offset());
            AclBindingFilter mine = new AclBindingFilter(
                new ResourcePatternFilter(ResourceType.TOPIC, topic, PatternType.MATCH),
                new AccessControlEntryFilter(principal, null, AclOperation.ANY, AclPermissionType.ANY));
            Collection<AclBinding> described = admin.describeAcls(mine).values().get();
            System.out.println("described " + described.size());
            DeleteAclsResult deleted = admin.deleteAcls(List.of(mine));
            System.out.println("deleted " + deleted.all().get().size());
            System.out.println("denied-again " + produceFailure(tls, topic));
        }
    }

    static KafkaProducer<String, String> producer(Properties tls) {
        Properties p = new Properties();
        p.putAll(tls);
        p.put("key.serializer", StringSerializer.class.getName());
        p.put("value.serializer", StringSerializer.class.getName());
        p.put("max.block.ms", "20000");
        p.put("delivery.timeout.ms", "20000");
        p.put("request.timeout.ms", "10000");
        return new KafkaProducer<>(p);
    }

    static RecordMetadata produce(Properties tls, String topic) throws Exception {
        try (KafkaProducer<String, String> producer = producer(tls)) {
            return producer.send(new ProducerRecord<>(topic, "k", "v")).get();
        }
    }

    static String produceFailure(Properties tls, String topic) {
        try (KafkaProducer<String, String> producer = producer(tls)) {
            producer.send(new ProducerRecord<>(topic, "k", "v")).get();
            return "none";
        } catch (ExecutionException e) {
            return e.getCause().getClass().getSimpleName();
        } catch (Exception e) {
            return e.getClass().getSimpleName();
        }
    }
}
