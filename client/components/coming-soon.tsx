import { Content, Heading, IllustratedMessage } from '@adobe/react-spectrum'

/** A settings section that is not built yet, shown inside the real frame (issue #4). */
export function ComingSoon({ title }: { title: string }) {
  return (
    <section aria-label={title} className="qm-coming-soon">
      <IllustratedMessage>
        <Heading level={2}>{title}</Heading>
        <Content>This section is coming soon.</Content>
      </IllustratedMessage>
    </section>
  )
}
