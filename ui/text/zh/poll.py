"""poll 页面的中文文本（与 ui/text/poll.py 的键和占位符一一对应）。"""

TEXT: dict[str, str] = {
    "title": "课堂实时投票：全班一起做随机响应",
    "intro": (
        "向全班提一个只需回答“是”或“否”的问题。每部手机在发送前先把答案随机化，所以服务器和老师收到的"
        "都只是随机化后的答案。由于说假话的概率是已知的，仍能估计出全班回答“是”的真实比例。"
    ),
    # --- teacher: open a poll
    "setup_title": "发起投票",
    "question": "问题（回答是或否）",
    "question_help": "{low} 到 {high} 个字符。学生会在手机上以纯文本看到它。",
    "question_placeholder": "你抄过别人的作业吗？",
    "method": "学生如何随机化",
    "method_device": "在手机上：由手机掷一枚电子硬币",
    "method_coin": "用真硬币：p = 3/4，ε = ln 3",
    "epsilon": "每个答案的隐私预算 ε",
    "epsilon_help": "介于 {low} 与 {high} 之间。手机如实回答的概率为 p = e^ε / (e^ε + 1)。",
    "epsilon_coin": "掷硬币协议固定 p = 3/4，即 ε = ln 3 ≈ 1.1，与上面的设置无关。",
    "create": "发起投票",
    "bad_question": "问题需要 {low} 到 {high} 个字符；这个问题有 {n} 个。",
    "bad_epsilon": "投票的隐私预算必须介于 {low} 与 {high} 之间；{eps} 超出了范围。",
    "create_summary": "每个答案以概率 p = {p} 如实回答（ε = {eps}）。",
    # --- teacher: the open poll
    "code": "投票码：**{code}**",
    "join": "学生：扫描二维码，或在手机上打开这个链接。",
    "student_link": "学生链接",
    "teacher_link_title": "你的教师链接（私密）",
    "teacher_link": "你的教师链接。请勿外传：它可以关闭、公布和导出这次投票。",
    "qr_caption": "学生链接的二维码",
    "asked": "问题：{question}",
    "live_title": "实时结果",
    "metric_answers": "答案数",
    "metric_raw": "“是”的原始比例",
    "metric_estimate": "估计的真实比例",
    "live_none": "还没有答案。学生打开链接，按“是”或“否”。",
    "metric_interval": "区间（至少 95%）",
    "interval_value": "{low} – {high}",
    "outside_high": (
        "只有 {answers}，直接校正得到 {value}，超过了 100%：硬币带来的噪声仍大于答案本身，所以显示为 100%。"
    ),
    "outside_low": (
        "只有 {answers}，直接校正得到 {value}，低于 0%：硬币带来的噪声仍大于答案本身，所以显示为 0%。"
    ),
    "interval_cut_high": "区间止于 100%，因为比例不可能更高。",
    "interval_cut_low": "区间止于 0%，因为比例不可能更低。",
    "interval_cut_both": "答案还太少，区间无法变窄。",
    "answers_one": "{n} 个答案",
    "answers_many": "{n} 个答案",
    "status_open": "进行中：答案正在陆续到达（本视图每秒刷新）。",
    "status_closed": "已关闭：不再接收答案。",
    "status_revealed": "已关闭，结果已显示在学生的手机上。",
    "close": "关闭投票",
    "reveal": "向学生公布",
    "export": "导出答案（CSV）",
    "new_poll": "再发起一次投票",
    "chart_title": "随着答案到达\n置信区间逐渐变窄",
    "chart_x": "答案数",
    "chart_y": "“是”的比例",
    "chart_estimate": "估计值",
    "chart_raw": "原始比例",
    "note_device": (
        "在每部手机上随机化：手机用浏览器的密码学安全随机源抽样，只发送随机化后的答案。"
        "真实答案从不到达服务器。"
    ),
    "note_coin": (
        "掷硬币协议：每个学生掷一枚真硬币，只按硬币指定的答案。手机原样发送所按的按钮；"
        "硬币的结果只在学生手里。"
    ),
    "wrong_secret": "这个教师链接无效，或者它的投票已过期。请发起新的投票。",
    "unknown_poll": (
        "没有使用这个投票码的投票：请对照老师的屏幕检查。"
        "它也可能已过期：投票在 {hours} 小时后删除。"
    ),
    "csv_number": "序号",
    "csv_answer": "随机化后的答案",
    "csv_received": "接收时间（UTC）",
    "csv_yes": "是",
    "csv_no": "否",
    # --- student
    "student_question": "老师的问题",
    "how_device": (
        "按下按钮时，手机用密码学安全随机源掷一枚电子硬币：以概率 {p} 发送你的答案，否则发送相反的答案。"
        "离开手机的只有随机化后的答案，所以没有人（包括老师）能知道你的真实回答（ε = {eps}）。"
    ),
    "how_coin": (
        "掷一枚硬币。正面：按你的真实答案。反面：再掷一次，正面按“是”，反面按“否”。只按硬币指定的答案："
        "手机发送你按的按钮。如实回答的概率为 3/4（ε = ln 3 ≈ 1.1），没有人知道你属于哪种情况。"
    ),
    "button_yes": "是",
    "button_no": "否",
    "sending": "正在发送…",
    "sent": "已收到：**{answer}**，这是你的手机发送的答案。谢谢！",
    "already_sent": "这部手机已经回答过这次投票：它发送了 **{answer}**。",
    "why_device": (
        "手机可能故意翻转了你的答案：这正是用意所在，"
        "没有人能分辨翻转过的答案和真实的答案。"
    ),
    "why_coin": "这是你按硬币的指示按下的按钮：没有人能知道它是不是你的真实答案。",
    "answer_yes": "是",
    "answer_no": "否",
    "duplicate": "这部手机已经回答过这次投票：一人只答一次。",
    "closed_student": "这次投票已关闭：不再接收答案。",
    "full": "这次投票收到的答案已达上限。",
    "wait_reveal": "老师会在这个页面公布结果。",
    "result_empty": "没有人回答这次投票。",
    # --- a student joins with the code alone
    "join_title": "用投票码加入投票",
    "join_label": "投票码",
    "join_placeholder": "{chars} 个字母和数字",
    "join_help": "老师屏幕上的投票码。不区分大小写，空格和连字符可有可无。",
    "join_button": "加入",
    "join_empty": "请输入老师屏幕上显示的投票码。",
    "join_not_a_code": (
        "“{typed}”不是投票码：投票码由 {chars} 个字母和数字组成，"
        "显示在老师的屏幕上。"
    ),
    "join_unknown": (
        "没有投票使用投票码 {code}。请对照老师的屏幕检查："
        "投票在发起 {hours} 小时后删除。"
    ),
    "address_full": "这次投票已从你的网络地址收到 {n} 个答案，这是它从一个地址接收的上限。你的答案没有被保存。",
    "too_fast": "同一时间从你的网络地址发来的答案太多。你的答案没有被保存：请过几秒再按一次。",
    "store_busy": "投票数据库正忙（另一个程序占用了它的锁）。什么都没有保存：请稍后再试。",
    "store_gone": "服务器运行期间，投票数据库文件被删除或替换了。什么都没有保存，其中的投票也已丢失：请新开一个投票。",
    "store_down": "现在无法连接投票数据库。什么都没有保存，你输入的内容仍然保留：请稍后再试。",
    "live_summary": (
        "已收到 {answers}，其中“是”{n_yes} 个。用 p = {p} 校正后，“是”的真实比例估计为 **{est}**，"
        "至少有 95% 的时候落在 {low} 到 {high} 之间，无论班级多小。"
    ),
    "chart_band": "区间（至少 95%）",
    "result_student": (
        "全班结果：{answers}，随机化后其中 {raw} 个为“是”。“是”的真实比例估计为 **{est}**"
        "（区间 {low} 到 {high} 至少有 95% 的时候包含它）。"
    ),
}
